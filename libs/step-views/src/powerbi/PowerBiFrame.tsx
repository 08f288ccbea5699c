import { models, type Embed } from 'powerbi-client';
import { PowerBIEmbed } from 'powerbi-client-react';
import { useMemo } from 'react';

export interface PowerBiFrameProps {
  reportId: string;
  embedUrl: string;
  token: string;
  showFilters: boolean;
  /** The embedded report, for the fullscreen button. */
  onEmbedded: (embed: Embed) => void;
  onLoaded: () => void;
  onError: () => void;
}

/**
 * powerbi-client-react's embed of one report. Its own module so the Power BI client (large)
 * is fetched only when a report shows: the page loads it with React.lazy. A new token
 * for the same report is handed to the embedded report (setAccessToken), not a new embed.
 */
export default function PowerBiFrame({ reportId, embedUrl, token, showFilters, onEmbedded, onLoaded, onError }: PowerBiFrameProps) {
  const handlers = useMemo(
    () =>
      new Map([
        ['loaded', () => onLoaded()],
        ['error', () => onError()],
      ]),
    [onLoaded, onError],
  );
  return (
    <PowerBIEmbed
      embedConfig={{
        type: 'report',
        id: reportId,
        embedUrl,
        accessToken: token,
        tokenType: models.TokenType.Embed,
        settings: { panes: { filters: { visible: showFilters, expanded: false } }, background: models.BackgroundType.Transparent },
      }}
      eventHandlers={handlers}
      cssClassName="powerbi-frame"
      getEmbeddedComponent={onEmbedded}
    />
  );
}
