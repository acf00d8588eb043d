import { Heading } from '@chakra-ui/react';
export default function LandingPage() {
  return <Heading>LandingPage</Heading>;
}
