import { Heading } from '@chakra-ui/react';
export default function PaperTradingPage() {
  return <Heading>PaperTradingPage</Heading>;
}
