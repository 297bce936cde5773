import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `deadline` (epoch ms), updated every second; 0 once
 * passed. A null deadline stops the countdown (the code was used up) and gives 0.
 */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    let timer = 0;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) window.clearInterval(timer);
    };
    // At once as well: after a stop, `now` is as old as the stop.
    const first = window.setTimeout(tick, 0);
    timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, deadline - now);
}
