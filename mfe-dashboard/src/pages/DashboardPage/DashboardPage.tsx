import { Heading } from '@chakra-ui/react';
export default function DashboardPage() {
  return <Heading>DashboardPage</Heading>;
}
