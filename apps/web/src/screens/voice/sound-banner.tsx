import { useEffect, useSyncExternalStore } from 'react';
import type { VoicePlayer } from './voice-player';

/**
 * Full-width banner while the browser refuses sound before a user gesture: any key of the remote
 * (keydown) or a click dismisses it and unlocks the audio. Kiosk TVs avoid it altogether with
 * Chromium's --autoplay-policy=no-user-gesture-required (docs/voice.md).
 */
export function SoundBanner({ player, text }: { player: VoicePlayer; text: string }) {
  const { blocked } = useSyncExternalStore(player.subscribe, player.getState);
  useEffect(() => {
    if (!blocked) return;
    const unlock = () => player.unlock();
    window.addEventListener('keydown', unlock);
    window.addEventListener('click', unlock);
    return () => {
      window.removeEventListener('keydown', unlock);
      window.removeEventListener('click', unlock);
    };
  }, [blocked, player]);
  if (!blocked) return null;
  return (
    <div className="sound-banner" role="alert" data-testid="sound-banner">
      {text}
    </div>
  );
}
