/** Content width shared by header, footer and pages so their edges line up (px, incl. 16 px padding each side). */
export const PAGE_CONTAINER_SIZE = 1032;
