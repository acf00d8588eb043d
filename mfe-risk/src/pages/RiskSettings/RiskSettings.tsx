import { Heading } from '@chakra-ui/react';
export default function RiskSettings() {
  return <Heading>RiskSettings</Heading>;
}
