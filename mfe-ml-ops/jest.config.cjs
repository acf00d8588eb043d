module.exports = require('@nivesh/build/jest').web(__dirname, 'mfe-ml-ops');
