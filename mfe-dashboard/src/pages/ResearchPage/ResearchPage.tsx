import { Heading } from '@chakra-ui/react';
export default function ResearchPage() {
  return <Heading>ResearchPage</Heading>;
}
