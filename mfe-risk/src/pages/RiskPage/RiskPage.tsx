import { Heading } from '@chakra-ui/react';
export default function RiskPage() {
  return <Heading>RiskPage</Heading>;
}
