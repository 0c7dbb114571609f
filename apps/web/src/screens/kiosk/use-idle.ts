import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left before `onIdle`, counted again from `seconds` at each touch, click or key.
 * The patient who walks away leaves the kiosk ready for the next one.
 */
export function useIdleCountdown(seconds: number, onIdle: () => void): number {
  const [left, setLeft] = useState(seconds);
  const callback = useRef(onIdle);
  callback.current = onIdle;
  useEffect(() => {
    let last = Date.now();
    const touch = () => {
      last = Date.now();
      setLeft(seconds);
    };
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - last) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        callback.current();
      }
    }, 250);
    window.addEventListener('pointerdown', touch);
    window.addEventListener('keydown', touch);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pointerdown', touch);
      window.removeEventListener('keydown', touch);
    };
  }, [seconds]);
  return left;
}
