/** Mantine's PostCSS preset: light-dark, rem/em functions and mixins in CSS modules. */
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
