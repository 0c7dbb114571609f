/**
 * Entry of the public kiosk (/kiosk#<token>): patients check in by scanning their booking's QR or
 * typing its code and their phone number. Plain React and its own CSS, nothing of the admin app or antd.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserStorage, readScreenToken } from '../screen-token';
import { KioskMessage, KioskPage } from './kiosk-page';
import { T } from './messages';
import './kiosk.css';

const token = readScreenToken('kiosk', window.location.hash, browserStorage());
window.addEventListener('hashchange', () => window.location.reload());

const root = createRoot(document.getElementById('root')!);
root.render(<StrictMode>{token ? <KioskPage token={token} /> : <KioskMessage text={T.noLink} testId="screen-no-link" />}</StrictMode>);
