/**
 * The option the status line's counting process is started with: its own
 * file, so the status line and the module that starts the count share it
 * without importing each other.
 */
export const COUNT_FLAG = '--count-lost';
