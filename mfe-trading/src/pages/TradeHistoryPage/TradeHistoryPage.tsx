import { Heading } from '@chakra-ui/react';
export default function TradeHistoryPage() {
  return <Heading>TradeHistoryPage</Heading>;
}
