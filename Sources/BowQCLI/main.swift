import BowQShell
