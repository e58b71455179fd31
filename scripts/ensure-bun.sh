#!/usr/bin/env bash
# Installs Bun through npm when it is missing (a fresh machine has only Node and npm).
set -euo pipefail
if ! command -v bun >/dev/null 2>&1; then
  echo "Installing Bun with npm..."
  npm install -g bun >/dev/null
fi
bun --version >/dev/null
