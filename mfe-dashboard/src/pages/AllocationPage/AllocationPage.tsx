import { Heading } from '@chakra-ui/react';
export default function AllocationPage() {
  return <Heading>AllocationPage</Heading>;
}
