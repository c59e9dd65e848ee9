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
apt-get install -y -qq --no-install-recommends "${available[@]}"
