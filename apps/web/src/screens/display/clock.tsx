import { useEffect, useState } from 'react';
import { clockParts } from './display-view';

/** HH:mm and the date in Vietnam, on the server's time (`offset` ms ahead of this machine's clock). */
export function Clock({ offset }: { offset: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { time, date, weekday } = clockParts(now + offset);
  return (
    <div className="ds-clock" data-testid="clock">
      <div className="ds-time">{time}</div>
      <div className="ds-date">
        {weekday}, {date}
      </div>
    </div>
  );
}
