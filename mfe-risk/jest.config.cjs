module.exports = require('@nivesh/build/jest').web(__dirname, 'mfe-risk');
