import { Heading } from '@chakra-ui/react';
export default function AutoScalingPage() {
  return <Heading>AutoScalingPage</Heading>;
}
