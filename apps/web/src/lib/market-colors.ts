/**
 * Buy/up green and sell/down red, as on exchanges, for what is drawn outside the style sheet (charts,
 * illustrations); global.css holds the same two as --md-up and --md-down.
 */
export const UP_COLOR = '#2ebd85';
export const DOWN_COLOR = '#f6465d';
