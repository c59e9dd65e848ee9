#!/usr/bin/env bash
# Installs the Debian documentation packages the docs guard of `npm run eval` reads (run as root).
# Their pages stay where Debian puts them (/usr/share/doc); nothing is copied into the repository.
# In Debian 12 all seven exist; a package missing from another release is skipped and reported.
set -u
PACKAGES=(sphinx-doc python-django-doc mkdocs-doc nodejs-doc git-doc openjdk-17-doc rust-doc)
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
available=()
for package in "${PACKAGES[@]}"; do
  if apt-cache show "$package" >/dev/null 2>&1; then available+=("$package"); else echo "docs guard: $package is not in this release's archive, skipped" >&2; fi
done
# One package at a time, and never removing anything: Debian's nodejs-doc conflicts with a Node.js
# installed from NodeSource, and a plain install would remove that Node.js to make room for it.
for package in "${available[@]}"; do
  apt-get install -y -qq --no-install-recommends --no-remove "$package" || echo "docs guard: $package would remove installed packages (or failed to install), skipped" >&2
done
