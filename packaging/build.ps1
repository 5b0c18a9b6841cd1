# Build the standalone HarmDesk on Windows from a regular (not editable) install in a clean
# virtual environment, then run the smoke test on the result.
#
#   powershell -File packaging\build.ps1            one folder: build\packaging\dist\harmdesk\harmdesk.exe
#   powershell -File packaging\build.ps1 -OneFile   one file:   build\packaging\dist\harmdesk.exe
param([switch]$OneFile, [switch]$Bare)
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")
$out = if ($env:HARMDESK_BUILD_DIR) { $env:HARMDESK_BUILD_DIR } else { "build\packaging" }
$env:HARMDESK_ONEFILE = if ($OneFile) { "1" } else { "0" }
$env:HARMDESK_BARE = if ($Bare) { "1" } else { "0" }

$venv = Join-Path $out "venv"
if (-not (Test-Path (Join-Path $venv "Scripts\pyinstaller.exe"))) {
    if (Test-Path $venv) { Remove-Item -Recurse -Force $venv }
    py -3 -m venv $venv
}
$python = Join-Path $venv "Scripts\python.exe"
& $python -m pip install -q ".[packaging]"
& $python ui\build.py | Out-Null
& $python -m pip install -q --no-deps --force-reinstall .
& (Join-Path $venv "Scripts\pyinstaller.exe") --noconfirm --clean --log-level WARN `
    --distpath (Join-Path $out "dist") --workpath (Join-Path $out "work") packaging\harmdesk.spec
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
if ($Bare) { exit 0 }

$app = if ($OneFile) { Join-Path $out "dist\harmdesk.exe" } else { Join-Path $out "dist\harmdesk\harmdesk.exe" }
Write-Host "built $app"
$smoke = Start-Process -FilePath $app -ArgumentList "--smoke" -Wait -PassThru -NoNewWindow
exit $smoke.ExitCode
