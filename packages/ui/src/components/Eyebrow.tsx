/** The small upper-case label over a figure or a group (QUICK STATS, TRADING MODE, PORTFOLIO VALUE). */
import { Text, type TextProps } from '@nivesh/ui/chakra';

export function Eyebrow(props: TextProps) {
  return (
    <Text
      textStyle="xs"
      color="fg.muted"
      fontWeight="medium"
      textTransform="uppercase"
      letterSpacing="wider"
      {...props}
    />
  );
}
