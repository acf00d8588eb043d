import { render, screen } from '@testing-library/react';
import { Badge } from '@nivesh/ui/chakra';
import { UiProvider } from '../theme/UiProvider';
import { system } from '../theme/fullSystem';
import { Panel } from './Panel';

describe('Panel', () => {
  it('wraps its actions under the title when they do not fit beside it (a phone), instead of overflowing', async () => {
    render(
      <UiProvider system={system}>
        <Panel
          title="Market Status"
          subtitle="Benchmark indices since the previous close"
          actions={<Badge>Closed · Prakash Gurpurb Sri Guru Nanak Dev</Badge>}
        >
          body
        </Panel>
      </UiProvider>,
    );
    const heading = await screen.findByRole('heading', { name: 'Market Status', level: 2 });
    const titleBlock = heading.parentElement!;
    const header = titleBlock.parentElement!;
    expect(header).toHaveStyle({ flexWrap: 'wrap' });
    // The title takes the room left and may shrink under its text; the actions go to the next line.
    expect(titleBlock).toHaveStyle({ flexGrow: '1', flexShrink: '1', minWidth: '0' });
    expect(header).toContainElement(screen.getByText('Closed · Prakash Gurpurb Sri Guru Nanak Dev'));
  });
});
