#!/usr/bin/env node
// The compiled CLI; `npm ci` builds it through the `prepare` script.
import '../dist/cli/main.js'
