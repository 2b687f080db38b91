import type { Metrics } from '@warpgate/platform';
import type { NextFunction, Request, Response } from 'express';

/**
 * Counts and times every request by its route's pattern (`/games/:id/orders`), so that the figures
 * keep one series per route whatever the ids. What matches no route (static files, unknown paths) is
 * `other`; a route's own 404 (no such game) keeps its pattern.
 */
export function meterRequests(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = metrics.httpDuration.startTimer();
    res.on('finish', () => {
      const route = req.route ? req.baseUrl + (req.route as { path: string }).path : 'other';
      metrics.httpRequests.inc({ method: req.method, route, status: res.statusCode });
      end({ method: req.method, route });
    });
    next();
  };
}
