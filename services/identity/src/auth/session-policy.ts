/** Session time-outs (OWASP ASVS L2 3.3): idle 30 minutes, absolute 12 hours. */
export const SESSION_IDLE_SECONDS = 30 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
