/** #applications: the products built on the framework and whether each is available yet. */
import { SimpleGrid } from '@nivesh/ui/chakra/core';
import { APPLICATIONS } from '../content';
import { OfferingCard } from './OfferingCard';
import { SectionShell } from './SectionShell';

export function ApplicationsSection() {
  return (
    <SectionShell
      id="applications"
      eyebrow="Applications"
      title="Built on the framework, made for everyday work."
      lead="Applications put the modules to work on problems people face every day: writing software, keeping up with the news and making sense of money."
      bg="bg.subtle"
    >
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '5', md: '6' }}>
        {APPLICATIONS.map((application) => (
          <OfferingCard
            key={application.name}
            name={application.name}
            kicker={application.category}
            description={application.description}
            points={application.highlights}
            status={application.status}
            icon={application.icon}
          />
        ))}
      </SimpleGrid>
    </SectionShell>
  );
}
