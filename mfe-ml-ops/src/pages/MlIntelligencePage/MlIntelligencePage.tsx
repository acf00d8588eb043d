import { Heading } from '@chakra-ui/react';
export default function MlIntelligencePage() {
  return <Heading>MlIntelligencePage</Heading>;
}
