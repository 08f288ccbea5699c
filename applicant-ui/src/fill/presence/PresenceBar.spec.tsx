import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PresenceBar } from './PresenceBar';
import { serverEvents } from './usePresence';

describe('PresenceBar', () => {
  it('names each other member and the step they are on, and says nothing when alone', () => {
    const steps: Record<string, string> = { s2: 'Budget' };
    renderWithProviders(
      <PresenceBar
        others={[
          { userId: 'u2', name: 'Bea Rossi', step: 's2' },
          { userId: 'u3', name: 'Carlo Neri', step: null },
        ]}
        stepName={(s) => steps[s]}
      />,
    );
    expect(screen.getByText('Bea Rossi, on Budget')).toBeTruthy();
    expect(screen.getByText('Carlo Neri')).toBeTruthy();
  });

  it('is hidden when nobody else is here', () => {
    renderWithProviders(<PresenceBar others={[]} stepName={() => undefined} />);
    expect(screen.getByTestId('presence').textContent).toBe('');
  });
});

describe('serverEvents', () => {
  it('yields each event of a stream cut anywhere', async () => {
    const text = 'event: hello\ndata: {"connectionId":"c"}\n\n: ping\n\nevent: presence\ndata: {"others":[]}\n\n';
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const got = [];
    for await (const e of serverEvents(body)) got.push(e);
    expect(got).toEqual([
      { event: 'hello', data: '{"connectionId":"c"}' },
      { event: 'presence', data: '{"others":[]}' },
    ]);
  });
});
