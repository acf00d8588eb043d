/**
 * The landing page's marketing content: the in-page sections, the How-It-Thinks topics, the
 * framework's modules and the applications built on it. This is copy, not data from the API, so
 * it lives here as typed lists; the sections only lay it out.
 */
import type { IconType } from 'react-icons';
import {
  LuBrainCircuit,
  LuEye,
  LuGitBranch,
  LuLayers,
  LuLightbulb,
  LuNewspaper,
  LuReceiptIndianRupee,
  LuScale,
  LuSquareTerminal,
} from 'react-icons/lu';

/** The in-page anchors (spec part 1, section 2): these ids are what the header links point at. */
export type SectionId = 'idea' | 'thinking' | 'modules' | 'applications' | 'ethos';

export interface SectionLink {
  id: SectionId;
  label: string;
}

export const SECTION_LINKS: readonly SectionLink[] = [
  { id: 'idea', label: 'Idea' },
  { id: 'thinking', label: 'How It Thinks' },
  { id: 'modules', label: 'Modules' },
  { id: 'applications', label: 'Applications' },
  { id: 'ethos', label: 'Ethos' },
];

export const HERO_TITLE_LEAD = 'See Patterns';
export const HERO_TITLE_ACCENT = 'Before They Become Trends';

export interface IdeaShift {
  from: string;
  to: string;
  detail: string;
}

export const IDEA_SHIFTS: readonly IdeaShift[] = [
  {
    from: 'Data',
    to: 'Context',
    detail: 'Numbers are read alongside the conditions that produced them, not in isolation.',
  },
  {
    from: 'Alerts',
    to: 'Understanding',
    detail: 'A signal arrives with its reasons attached, not just a red light and a guess.',
  },
  {
    from: 'Fixed rules',
    to: 'Judgement',
    detail: 'Logic that re-weighs itself as the world it models keeps changing.',
  },
];

export interface ThinkingTopic {
  title: string;
  summary: string;
  detail: string;
  icon: IconType;
}

export const THINKING_TOPICS: readonly ThinkingTopic[] = [
  {
    title: 'Contextual AI',
    summary: 'Reads the situation, not just the signal.',
    detail:
      'Every input is weighed against what surrounds it: the history behind it, the conditions around it and the question actually being asked. The same number can mean different things on different days, and the framework knows it.',
    icon: LuLayers,
  },
  {
    title: 'Adaptive Logic',
    summary: 'Changes course when the world does.',
    detail:
      'Rules are starting points, not cages. As conditions shift, the framework re-weighs its reasoning, notices when a pattern stops holding and says plainly when it has changed its view.',
    icon: LuGitBranch,
  },
  {
    title: 'Explainable Insight',
    summary: 'Shows its working, every time.',
    detail:
      'Each insight comes with the evidence behind it, how sure the framework is and what would change its mind. You never have to take an answer on faith.',
    icon: LuLightbulb,
  },
];

export type ModuleStatus = 'Active' | 'Coming Soon';
export type ApplicationStatus = 'Active' | 'Launching Soon';

export interface FrameworkModule {
  name: string;
  role: string;
  description: string;
  capabilities: readonly string[];
  status: ModuleStatus;
  icon: IconType;
}

export const MODULES: readonly FrameworkModule[] = [
  {
    name: 'Coding Mind',
    role: 'Reasoning about software',
    description:
      'Understands a codebase as a connected system: how one change ripples through modules, tests and intent. It writes, reviews and explains code with that whole picture in view.',
    capabilities: ['Repository-wide context', 'Reviews that give reasons', 'Refactors that respect intent'],
    status: 'Active',
    icon: LuBrainCircuit,
  },
  {
    name: 'Vision',
    role: 'Reasoning about what it sees',
    description:
      'Brings the same contextual reasoning to charts, diagrams and documents, reading structure and meaning rather than pixels alone.',
    capabilities: ['Chart and diagram reading', 'Document understanding', 'Visual anomaly spotting'],
    status: 'Coming Soon',
    icon: LuEye,
  },
  {
    name: 'Ethics Layer',
    role: 'Reasoning about consequences',
    description:
      'A layer across every module that checks each output against clear principles (fairness, privacy, honesty about uncertainty) before it reaches you.',
    capabilities: ['Principle checks on every output', 'Bias and harm review', 'A trail of every decision'],
    status: 'Coming Soon',
    icon: LuScale,
  },
];

export interface Application {
  name: string;
  category: string;
  description: string;
  highlights: readonly string[];
  status: ApplicationStatus;
  icon: IconType;
}

export const APPLICATIONS: readonly Application[] = [
  {
    name: 'Coding AI',
    category: 'Developer tools',
    description:
      'A pair programmer built on Coding Mind. It reads your project, proposes changes and explains why each one fits what is already there.',
    highlights: [
      'Works across the whole repository',
      'Explains every suggestion',
      'You stay in the driving seat',
    ],
    status: 'Active',
    icon: LuSquareTerminal,
  },
  {
    name: 'News Summarizer',
    category: 'Information',
    description:
      'Turns a flood of headlines into a short, balanced briefing: what happened, why it matters and where the sources disagree.',
    highlights: [
      'Many sources, one clear briefing',
      'Every claim linked to its source',
      'Disagreements shown, not smoothed over',
    ],
    status: 'Launching Soon',
    icon: LuNewspaper,
  },
  {
    name: 'Finance & Tax Insight',
    category: 'Personal finance',
    description:
      'Reads a financial picture in context (income, investments and obligations) to surface patterns early and explain the tax side of each decision in plain language.',
    highlights: [
      'Patterns in your money, spotted early',
      'Tax impact explained plainly',
      'Insight to weigh, not orders to follow',
    ],
    status: 'Launching Soon',
    icon: LuReceiptIndianRupee,
  },
];

export interface EthosPrinciple {
  title: string;
  detail: string;
}

export const ETHOS_STATEMENT = 'Intelligence should earn trust, not ask for it.';

export const ETHOS_PRINCIPLES: readonly EthosPrinciple[] = [
  { title: 'Transparent by design', detail: 'Reasoning is shown, not summarised away.' },
  { title: 'People decide', detail: 'The framework advises; a person stays accountable.' },
  { title: 'Honest about uncertainty', detail: 'Confidence is stated, and so are the gaps.' },
];

/** Used by the footer's one-line description of the framework. */
export const TAGLINE = 'Pattern intelligence that explains itself.';
