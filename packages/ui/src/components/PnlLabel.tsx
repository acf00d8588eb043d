/**
 * How every P&L figure says whether it is before or after charges, the same way on every page
 * (docs/DOMAIN.md, "P&L"). The rule is after charges: realised P&L after the entry and exit
 * charges of the shares sold, unrealised after the open shares' entry charges. A figure an answer
 * marks `before_charges` (what a broker reports without its charges) says so, in orange.
 */
import { Text } from '@nivesh/ui/chakra';
import type { PnlBasis } from '@nivesh/api-contract';

/** The console's rule: a P&L is after charges unless its answer says otherwise. */
export const DEFAULT_PNL_BASIS: PnlBasis = 'after_charges';

export const PNL_BASIS_TEXT: Record<PnlBasis, string> = {
  after_charges: 'after charges',
  before_charges: 'before charges',
};

/** "after charges" (or "before charges"), small, beside or under a P&L figure's name. */
export function PnlBasisTag({ basis = DEFAULT_PNL_BASIS }: { basis?: PnlBasis }) {
  return (
    <Text
      as="span"
      textStyle="2xs"
      fontWeight="normal"
      textTransform="none"
      letterSpacing="normal"
      whiteSpace="nowrap"
      color={basis === 'before_charges' ? 'orange.fg' : 'fg.muted'}
      data-pnl-basis={basis}
    >
      {PNL_BASIS_TEXT[basis]}
    </Text>
  );
}

export interface PnlLabelProps {
  /** The figure's name: "P&L", "Today's P&L", "Unrealized P&L"... */
  label: string;
  basis?: PnlBasis;
  /** inline: the basis after the name (a card's label); stacked: under it (a column header). */
  layout?: 'inline' | 'stacked';
}

/** A P&L figure's name with its basis. */
export function PnlLabel({ label, basis = DEFAULT_PNL_BASIS, layout = 'inline' }: PnlLabelProps) {
  return (
    <Text as="span" display={layout === 'stacked' ? 'inline-flex' : 'inline'} flexDirection="column">
      <span>{label}</span> <PnlBasisTag basis={basis} />
    </Text>
  );
}
