module.exports = require('@nivesh/build/jest').node(__dirname, 'api-contract');
