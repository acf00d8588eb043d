/**
 * The public landing page (spec part 1, sections 1 and 2): a marketing page for the AI
 * intelligence framework Nivesh is built on. One scrolling page with the anchors #idea,
 * #thinking, #modules, #applications and #ethos. It renders inside the shell's providers and
 * makes no requests: the content is in ./content.ts, the artwork is inline SVG.
 */
import { Box, SkipNavContent, SkipNavLink } from '@nivesh/ui/chakra/core';
import { ApplicationsSection } from './sections/ApplicationsSection';
import { EthosSection } from './sections/EthosSection';
import { Hero } from './sections/Hero';
import { IdeaSection } from './sections/IdeaSection';
import { ModulesSection } from './sections/ModulesSection';
import { SiteFooter } from './sections/SiteFooter';
import { SiteHeader } from './sections/SiteHeader';
import { ThinkingSection } from './sections/ThinkingSection';

/**
 * The page needs no React Router: its one link out of the page (Sign in) goes through
 * `followInApp`, so the shell shows it without downloading the router (@nivesh/api-client/navigation).
 */
export const rendersWithoutRouter = true;

export default function LandingPage() {
  return (
    <Box minH="100vh" bg="bg" color="fg" overflowX="clip">
      {/* Above the sticky header when it shows (the recipe sets no z-index). */}
      <SkipNavLink colorPalette="brand" _focusVisible={{ zIndex: 'skipNav' }}>
        Skip to content
      </SkipNavLink>
      <SiteHeader />
      <SkipNavContent asChild>
        <main>
          <Hero />
          <IdeaSection />
          <ThinkingSection />
          <ModulesSection />
          <ApplicationsSection />
          <EthosSection />
        </main>
      </SkipNavContent>
      <SiteFooter />
    </Box>
  );
}
