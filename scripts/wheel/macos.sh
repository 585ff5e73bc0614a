# Sourced by scripts/wheel.sh for the macOS wheel (universal2): what the
# binary's headers say. No macOS runs here to start it.

"$venv/bin/python" "$root/scripts/foreign_binary.py" macos "$binary"
echo "not run here: macOS programs run on macOS alone"
