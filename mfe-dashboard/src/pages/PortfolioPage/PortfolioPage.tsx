import { Heading } from '@chakra-ui/react';
export default function PortfolioPage() {
  return <Heading>PortfolioPage</Heading>;
}
