import { progressBar } from '@makerdesk/contract';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: progressBar.showSpinner, trickleSpeed: progressBar.trickleSpeed, minimum: progressBar.minimum });

let active = 0;

/**
 * The slim top bar runs while any piece of work is under way (a route change, a page chunk loading);
 * counting them keeps one finishing early from hiding the bar while another still runs.
 */
export function beginProgress(): void {
  if (active++ === 0) NProgress.start();
}

export function endProgress(): void {
  active = Math.max(0, active - 1);
  if (active === 0) NProgress.done();
}
