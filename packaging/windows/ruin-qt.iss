; Inno Setup script for the Windows installer of In the Ruin.
; Built by packaging/windows/installer.py, which passes the defines below
; (the version comes from pyproject.toml; nothing here repeats it):
;   iscc /DAppVersion=X.Y.Z /DSourceDir=dist\ruin-qt /DOutputDir=dist
;        /DIconFile=build\icons\ruin-qt.ico /DAppId=... /DRecordExt=ruin
;        /DRecordMime=... /DRecordProgId=... /DRecordName=... ruin-qt.iss
#ifndef AppVersion
  #error Build with packaging/windows/installer.py: AppVersion is not defined
#endif

#define AppName "In the Ruin"
#define ExeName "ruin-qt.exe"

[Setup]
; The installer's own id (a GUID) lets an upgrade replace the old version in place.
AppId={{6C3F3E55-8E0B-4E39-9B52-3A1D2C9E5B7A}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=ruin_qt
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; No administrator needed: a player installs for themselves unless they choose all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#ExeName}
UninstallDisplayName={#AppName}
OutputDir={#OutputDir}
OutputBaseFilename=ruin-qt-{#AppVersion}-windows-x86_64-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "japanese"; MessagesFile: "compiler:Languages\Japanese.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#ExeName}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#ExeName}"; Tasks: desktopicon

[Registry]
; A saved game (.ruin) opens the game with it; HKA is the current user's or
; the machine's classes, whichever the install mode writes to.
Root: HKA; Subkey: "Software\Classes\.{#RecordExt}"; ValueType: string; ValueName: ""; ValueData: "{#RecordProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.{#RecordExt}"; ValueType: string; ValueName: "Content Type"; ValueData: "{#RecordMime}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.{#RecordExt}\OpenWithProgids"; ValueType: string; ValueName: "{#RecordProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#RecordProgId}"; ValueType: string; ValueName: ""; ValueData: "{#RecordName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#RecordProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#ExeName},0"
Root: HKA; Subkey: "Software\Classes\{#RecordProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#ExeName}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#ExeName}\SupportedTypes"; ValueType: string; ValueName: ".{#RecordExt}"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#ExeName}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
