/**
 * The hero's background: soft emerald glows, a dot grid and a faint network of linked nodes,
 * all inline (no image requests), faded out towards the edges with a mask.
 */
import { Box } from '@nivesh/ui/chakra/core';

/** Hand-placed nodes of the network motif, in a 1440 x 820 drawing. */
const NODES: ReadonlyArray<readonly [number, number]> = [
  [90, 150],
  [250, 90],
  [380, 210],
  [200, 330],
  [520, 120],
  [640, 260],
  [820, 90],
  [960, 200],
  [1120, 110],
  [1290, 220],
  [1380, 80],
  [1040, 380],
  [1230, 470],
  [880, 520],
  [1360, 620],
  [120, 560],
  [330, 690],
  [600, 760],
  [1100, 720],
];

const EDGES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [1, 2],
  [0, 3],
  [2, 3],
  [1, 4],
  [2, 5],
  [4, 5],
  [4, 6],
  [5, 7],
  [6, 7],
  [6, 8],
  [7, 8],
  [8, 9],
  [9, 10],
  [8, 10],
  [7, 11],
  [9, 12],
  [11, 12],
  [11, 13],
  [12, 14],
  [3, 15],
  [15, 16],
  [16, 17],
  [13, 18],
  [12, 18],
  [5, 13],
];

const LINES = EDGES.flatMap(([from, to]) => {
  const start = NODES[from];
  const end = NODES[to];
  return start && end ? [{ key: `${from}-${to}`, x1: start[0], y1: start[1], x2: end[0], y2: end[1] }] : [];
});

export function HeroBackdrop() {
  return (
    <Box position="absolute" inset="0" pointerEvents="none" aria-hidden="true" overflow="hidden">
      <Box
        position="absolute"
        inset="0"
        bgImage={[
          'radial-gradient(55% 45% at 78% 18%, rgba(16, 185, 129, 0.22), transparent 70%)',
          'radial-gradient(40% 40% at 8% 85%, rgba(56, 189, 248, 0.10), transparent 70%)',
          'radial-gradient(30% 30% at 50% 110%, rgba(52, 211, 158, 0.12), transparent 70%)',
        ].join(', ')}
      />
      <Box
        position="absolute"
        inset="0"
        css={{
          maskImage: 'radial-gradient(120% 90% at 60% 30%, black 30%, transparent 80%)',
          WebkitMaskImage: 'radial-gradient(120% 90% at 60% 30%, black 30%, transparent 80%)',
        }}
      >
        <svg
          width="100%"
          height="100%"
          viewBox="0 0 1440 820"
          preserveAspectRatio="xMidYMid slice"
          focusable="false"
        >
          <defs>
            <pattern id="hero-dot-grid" width="28" height="28" patternUnits="userSpaceOnUse">
              <circle cx="1.5" cy="1.5" r="1.2" fill="rgba(148, 163, 184, 0.16)" />
            </pattern>
          </defs>
          <rect width="1440" height="820" fill="url(#hero-dot-grid)" />
          <g stroke="rgba(52, 211, 158, 0.16)" strokeWidth="1">
            {LINES.map(({ key, ...line }) => (
              <line key={key} {...line} />
            ))}
          </g>
          <g>
            {NODES.map(([cx, cy], index) => (
              <g key={`${cx}-${cy}`}>
                <circle cx={cx} cy={cy} r={index % 4 === 0 ? 9 : 6} fill="rgba(52, 211, 158, 0.06)" />
                <circle cx={cx} cy={cy} r={index % 4 === 0 ? 3 : 2} fill="rgba(110, 231, 191, 0.55)" />
              </g>
            ))}
          </g>
        </svg>
      </Box>
      <Box
        position="absolute"
        left="0"
        right="0"
        bottom="0"
        h="1px"
        bgImage="linear-gradient(90deg, transparent, rgba(52, 211, 158, 0.55), transparent)"
      />
    </Box>
  );
}
