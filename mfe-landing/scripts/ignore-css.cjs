// Prerendering runs the page's modules in Node, which cannot load the CSS files they import (the
// font faces); the shell's scripts bring those to the browser, so here they load as nothing.
require('node:module').Module._extensions['.css'] = (module) => {
  module.exports = {};
};
