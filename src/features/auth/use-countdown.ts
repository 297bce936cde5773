import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (epoch ms), updated every second; 0 once passed. */
export function useCountdown(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return Math.max(0, deadline - now);
}
