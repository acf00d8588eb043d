import { Heading } from '@chakra-ui/react';
export default function PerformancePage() {
  return <Heading>PerformancePage</Heading>;
}
