/**
 * What a chart shows instead of its axes while it has too few points to draw a curve: the counts
 * in words ("Not enough history yet: 2 trading days of 5 needed"), and why or when more come.
 */
import type { ReactNode } from 'react';
import { Unavailable } from '../components/Panel';

/** What a chart counts, in the singular and the plural ('trading day', 'trading days'). */
export interface PointUnit {
  one: string;
  many: string;
}

export const TRADING_DAYS: PointUnit = { one: 'trading day', many: 'trading days' };

/** '1 trading day', '0 trading days', '12 trading days'. */
export function countOf(count: number, unit: PointUnit): string {
  return `${count} ${count === 1 ? unit.one : unit.many}`;
}

/** 'Not enough history yet: 2 trading days of 5 needed'. */
export function tooFewPointsText(
  have: number,
  need: number,
  unit: PointUnit,
  title = 'Not enough history yet',
): string {
  return `${title}: ${countOf(have, unit)} of ${need} needed`;
}

export function TooFewPoints({
  have,
  need,
  unit,
  title,
  children,
}: {
  have: number;
  need: number;
  unit: PointUnit;
  /** The first words (default 'Not enough history yet'). */
  title?: string;
  /** Why, or when the rest arrive. */
  children?: ReactNode;
}) {
  return <Unavailable title={tooFewPointsText(have, need, unit, title)}>{children}</Unavailable>;
}
