import { Heading } from '@chakra-ui/react';
export default function ProductionScalingPage() {
  return <Heading>ProductionScalingPage</Heading>;
}
