/** #modules: the framework's building blocks and whether each is live yet. */
import { SimpleGrid } from '@nivesh/ui/chakra/core';
import { MODULES } from '../content';
import { OfferingCard } from './OfferingCard';
import { SectionShell } from './SectionShell';

export function ModulesSection() {
  return (
    <SectionShell
      id="modules"
      eyebrow="Modules"
      title="One way of thinking, applied to different kinds of problem."
      lead="Each module teaches the framework to reason about a new domain. They share the same core (context, adaptation, explanation), so what one module learns about being clear, the others inherit."
    >
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '5', md: '6' }}>
        {MODULES.map((module) => (
          <OfferingCard
            key={module.name}
            name={module.name}
            kicker={module.role}
            description={module.description}
            points={module.capabilities}
            status={module.status}
            icon={module.icon}
          />
        ))}
      </SimpleGrid>
    </SectionShell>
  );
}
