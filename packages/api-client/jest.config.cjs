module.exports = require('@nivesh/build/jest').web(__dirname, 'api-client');
