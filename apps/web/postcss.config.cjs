// Mantine's PostCSS preset (rem(), light-dark(), @mixin hover/smaller-than) and the breakpoint
// variables our CSS modules use; the values are spec 1 §2's breakpoints in em (16 px = 1 em).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '29.75em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '54.4375em',
        'mantine-breakpoint-lg': '64em',
        'mantine-breakpoint-xl': '80em',
      },
    },
  },
};
