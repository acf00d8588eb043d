import { Heading } from '@chakra-ui/react';
export default function TickStreamingPage() {
  return <Heading>TickStreamingPage</Heading>;
}
