import BowQ
