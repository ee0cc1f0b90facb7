/** Marks this browser as the host of a table it created (only the host may start the match early). */
export const rememberHost = (tableId: string): void => {
  try {
    sessionStorage.setItem(`stich.host.${tableId}`, '1');
  } catch {
    // storage blocked: the match starts when every seat is taken
  }
};
