/**
 * Entry of the public calling screen (/display#<token>): plain React and its own CSS, nothing of
 * the admin app or antd. The TV opens the link once; the token is remembered for reloads.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserStorage, readScreenToken } from '../screen-token';
import { createBrowserVoice } from '../voice/browser-voice';
import { createVoicePlayer } from '../voice/voice-player';
import { DisplayMessage, DisplayPage } from './display-page';
import { T } from './messages';
import './display.css';

const token = readScreenToken('display', window.location.hash, browserStorage());
// A new link typed over the old one: start again with its token.
window.addEventListener('hashchange', () => window.location.reload());

const root = createRoot(document.getElementById('root')!);
if (!token) {
  root.render(<DisplayMessage text={T.noLink} testId="screen-no-link" />);
} else {
  const player = createVoicePlayer(createBrowserVoice());
  root.render(
    <StrictMode>
      <DisplayPage token={token} player={player} />
    </StrictMode>,
  );
}
