# Compiled from ui/template_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QComboBox,
    QDialog, QDialogButtonBox, QFormLayout, QGroupBox,
    QLabel, QLineEdit, QPlainTextEdit, QSizePolicy,
    QSpacerItem, QSpinBox, QVBoxLayout, QWidget)

class Ui_TemplateDialog(object):
    def setupUi(self, TemplateDialog):
        if not TemplateDialog.objectName():
            TemplateDialog.setObjectName(u"TemplateDialog")
        TemplateDialog.resize(460, 560)
        self.mainLayout = QVBoxLayout(TemplateDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.identityForm = QFormLayout()
        self.identityForm.setObjectName(u"identityForm")
        self.identityForm.setFieldGrowthPolicy(QFormLayout.ExpandingFieldsGrow)
        self.nameCaption = QLabel(TemplateDialog)
        self.nameCaption.setObjectName(u"nameCaption")

        self.identityForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.nameCaption)

        self.nameEdit = QLineEdit(TemplateDialog)
        self.nameEdit.setObjectName(u"nameEdit")
        self.nameEdit.setMaxLength(80)

        self.identityForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.nameEdit)

        self.kindCaption = QLabel(TemplateDialog)
        self.kindCaption.setObjectName(u"kindCaption")

        self.identityForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.kindCaption)

        self.kindCombo = QComboBox(TemplateDialog)
        self.kindCombo.setObjectName(u"kindCombo")

        self.identityForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.kindCombo)

        self.hpCaption = QLabel(TemplateDialog)
        self.hpCaption.setObjectName(u"hpCaption")

        self.identityForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.hpCaption)

        self.hpEdit = QLineEdit(TemplateDialog)
        self.hpEdit.setObjectName(u"hpEdit")
        self.hpEdit.setMaxLength(40)

        self.identityForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.hpEdit)

        self.countCaption = QLabel(TemplateDialog)
        self.countCaption.setObjectName(u"countCaption")

        self.identityForm.setWidget(3, QFormLayout.ItemRole.LabelRole, self.countCaption)

        self.countSpin = QSpinBox(TemplateDialog)
        self.countSpin.setObjectName(u"countSpin")
        self.countSpin.setMinimum(1)
        self.countSpin.setMaximum(50)

        self.identityForm.setWidget(3, QFormLayout.ItemRole.FieldRole, self.countSpin)

        self.keepCheck = QCheckBox(TemplateDialog)
        self.keepCheck.setObjectName(u"keepCheck")

        self.identityForm.setWidget(4, QFormLayout.ItemRole.FieldRole, self.keepCheck)

        self.notesCaption = QLabel(TemplateDialog)
        self.notesCaption.setObjectName(u"notesCaption")

        self.identityForm.setWidget(5, QFormLayout.ItemRole.LabelRole, self.notesCaption)

        self.notesEdit = QPlainTextEdit(TemplateDialog)
        self.notesEdit.setObjectName(u"notesEdit")
        self.notesEdit.setTabChangesFocus(True)
        self.notesEdit.setMaximumSize(QSize(16777215, 80))

        self.identityForm.setWidget(5, QFormLayout.ItemRole.FieldRole, self.notesEdit)

        self.sourceCaption = QLabel(TemplateDialog)
        self.sourceCaption.setObjectName(u"sourceCaption")

        self.identityForm.setWidget(6, QFormLayout.ItemRole.LabelRole, self.sourceCaption)

        self.sourceLabel = QLabel(TemplateDialog)
        self.sourceLabel.setObjectName(u"sourceLabel")
        self.sourceLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.sourceLabel.setWordWrap(True)
        self.sourceLabel.setTextInteractionFlags(Qt.TextSelectableByMouse)

        self.identityForm.setWidget(6, QFormLayout.ItemRole.FieldRole, self.sourceLabel)


        self.mainLayout.addLayout(self.identityForm)

        self.sheetBox = QGroupBox(TemplateDialog)
        self.sheetBox.setObjectName(u"sheetBox")
        self.sheetForm = QFormLayout(self.sheetBox)
        self.sheetForm.setObjectName(u"sheetForm")
        self.sheetForm.setFieldGrowthPolicy(QFormLayout.ExpandingFieldsGrow)

        self.mainLayout.addWidget(self.sheetBox)

        self.attackBox = QGroupBox(TemplateDialog)
        self.attackBox.setObjectName(u"attackBox")
        self.attackBox.setCheckable(True)
        self.attackBox.setChecked(False)
        self.attackForm = QFormLayout(self.attackBox)
        self.attackForm.setObjectName(u"attackForm")
        self.attackForm.setFieldGrowthPolicy(QFormLayout.ExpandingFieldsGrow)
        self.diceCaption = QLabel(self.attackBox)
        self.diceCaption.setObjectName(u"diceCaption")

        self.attackForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.diceCaption)

        self.diceEdit = QLineEdit(self.attackBox)
        self.diceEdit.setObjectName(u"diceEdit")

        self.attackForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.diceEdit)

        self.piercingCaption = QLabel(self.attackBox)
        self.piercingCaption.setObjectName(u"piercingCaption")

        self.attackForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.piercingCaption)

        self.piercingCombo = QComboBox(self.attackBox)
        self.piercingCombo.setObjectName(u"piercingCombo")

        self.attackForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.piercingCombo)

        self.tagsCaption = QLabel(self.attackBox)
        self.tagsCaption.setObjectName(u"tagsCaption")

        self.attackForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.tagsCaption)

        self.tagsEdit = QLineEdit(self.attackBox)
        self.tagsEdit.setObjectName(u"tagsEdit")

        self.attackForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.tagsEdit)

        self.damageTypeCaption = QLabel(self.attackBox)
        self.damageTypeCaption.setObjectName(u"damageTypeCaption")

        self.attackForm.setWidget(3, QFormLayout.ItemRole.LabelRole, self.damageTypeCaption)

        self.damageTypeEdit = QLineEdit(self.attackBox)
        self.damageTypeEdit.setObjectName(u"damageTypeEdit")

        self.attackForm.setWidget(3, QFormLayout.ItemRole.FieldRole, self.damageTypeEdit)


        self.mainLayout.addWidget(self.attackBox)

        self.missingLabel = QLabel(TemplateDialog)
        self.missingLabel.setObjectName(u"missingLabel")
        self.missingLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.missingLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.missingLabel)

        self.copiesLabel = QLabel(TemplateDialog)
        self.copiesLabel.setObjectName(u"copiesLabel")
        self.copiesLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.copiesLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.copiesLabel)

        self.messageLabel = QLabel(TemplateDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.bottomSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.mainLayout.addItem(self.bottomSpacer)

        self.buttonBox = QDialogButtonBox(TemplateDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)

#if QT_CONFIG(shortcut)
        self.nameCaption.setBuddy(self.nameEdit)
        self.kindCaption.setBuddy(self.kindCombo)
        self.hpCaption.setBuddy(self.hpEdit)
        self.countCaption.setBuddy(self.countSpin)
        self.notesCaption.setBuddy(self.notesEdit)
        self.diceCaption.setBuddy(self.diceEdit)
        self.piercingCaption.setBuddy(self.piercingCombo)
        self.tagsCaption.setBuddy(self.tagsEdit)
        self.damageTypeCaption.setBuddy(self.damageTypeEdit)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(TemplateDialog)
        self.buttonBox.accepted.connect(TemplateDialog.accept)
        self.buttonBox.rejected.connect(TemplateDialog.reject)

        QMetaObject.connectSlotsByName(TemplateDialog)
    # setupUi

    def retranslateUi(self, TemplateDialog):
        TemplateDialog.setWindowTitle(QCoreApplication.translate("TemplateDialog", u"Creature template", None))
        self.nameCaption.setText(QCoreApplication.translate("TemplateDialog", u"&Name:", None))
#if QT_CONFIG(accessibility)
        self.nameEdit.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Name", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.nameEdit.setToolTip(QCoreApplication.translate("TemplateDialog", u"The copies are named after it: Coedwig 1, Coedwig 2\u2026", None))
#endif // QT_CONFIG(tooltip)
        self.kindCaption.setText(QCoreApplication.translate("TemplateDialog", u"&Kind:", None))
#if QT_CONFIG(accessibility)
        self.kindCombo.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Kind", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.kindCombo.setToolTip(QCoreApplication.translate("TemplateDialog", u"NPC, monster or follower: the rules treat each differently, and monsters are added hidden from the players", None))
#endif // QT_CONFIG(tooltip)
        self.hpCaption.setText(QCoreApplication.translate("TemplateDialog", u"&HP:", None))
#if QT_CONFIG(accessibility)
        self.hpEdit.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"HP", None))
#endif // QT_CONFIG(accessibility)
        self.hpEdit.setPlaceholderText(QCoreApplication.translate("TemplateDialog", u"to fill in when copies are added", None))
#if QT_CONFIG(tooltip)
        self.hpEdit.setToolTip(QCoreApplication.translate("TemplateDialog", u"A number (3) or dice (2d6+2), rolled or averaged for each copy; left empty, it is asked for when copies are added", None))
#endif // QT_CONFIG(tooltip)
        self.countCaption.setText(QCoreApplication.translate("TemplateDialog", u"Default &count:", None))
#if QT_CONFIG(accessibility)
        self.countSpin.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Default count", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.countSpin.setToolTip(QCoreApplication.translate("TemplateDialog", u"How many copies the add dialog offers first", None))
#endif // QT_CONFIG(tooltip)
        self.keepCheck.setText(QCoreApplication.translate("TemplateDialog", u"Keep to &this campaign", None))
#if QT_CONFIG(tooltip)
        self.keepCheck.setToolTip(QCoreApplication.translate("TemplateDialog", u"Unticked, every campaign of this game has the template", None))
#endif // QT_CONFIG(tooltip)
        self.notesCaption.setText(QCoreApplication.translate("TemplateDialog", u"N&otes:", None))
#if QT_CONFIG(accessibility)
        self.notesEdit.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Notes", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.notesEdit.setToolTip(QCoreApplication.translate("TemplateDialog", u"What the GM wants to remember about it", None))
#endif // QT_CONFIG(tooltip)
        self.sourceCaption.setText(QCoreApplication.translate("TemplateDialog", u"Source:", None))
        self.sourceLabel.setText("")
#if QT_CONFIG(accessibility)
        self.sourceLabel.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Where the template comes from", None))
#endif // QT_CONFIG(accessibility)
        self.sheetBox.setTitle(QCoreApplication.translate("TemplateDialog", u"Harm", None))
        self.attackBox.setTitle(QCoreApplication.translate("TemplateDialog", u"&Attack (each copy's prepared danger)", None))
#if QT_CONFIG(tooltip)
        self.attackBox.setToolTip(QCoreApplication.translate("TemplateDialog", u"Each copy added carries this attack: dragging its tile onto another deals it", None))
#endif // QT_CONFIG(tooltip)
        self.diceCaption.setText(QCoreApplication.translate("TemplateDialog", u"&Damage dice:", None))
        self.diceEdit.setPlaceholderText(QCoreApplication.translate("TemplateDialog", u"d10+3", None))
#if QT_CONFIG(accessibility)
        self.diceEdit.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Attack damage dice", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.diceEdit.setToolTip(QCoreApplication.translate("TemplateDialog", u"A dice expression such as d10+3 or 2d6", None))
#endif // QT_CONFIG(tooltip)
        self.piercingCaption.setText(QCoreApplication.translate("TemplateDialog", u"&Piercing:", None))
#if QT_CONFIG(accessibility)
        self.piercingCombo.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Attack piercing", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.piercingCombo.setToolTip(QCoreApplication.translate("TemplateDialog", u"Armor ignored by the attack; x piercing equals the steading's Prosperity", None))
#endif // QT_CONFIG(tooltip)
        self.tagsCaption.setText(QCoreApplication.translate("TemplateDialog", u"&Tags:", None))
        self.tagsEdit.setPlaceholderText(QCoreApplication.translate("TemplateDialog", u"forceful, messy", None))
#if QT_CONFIG(accessibility)
        self.tagsEdit.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Attack tags", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.tagsEdit.setToolTip(QCoreApplication.translate("TemplateDialog", u"Tags of the attack, separated by commas", None))
#endif // QT_CONFIG(tooltip)
        self.damageTypeCaption.setText(QCoreApplication.translate("TemplateDialog", u"Damage t&ype:", None))
        self.damageTypeEdit.setPlaceholderText(QCoreApplication.translate("TemplateDialog", u"fire", None))
#if QT_CONFIG(accessibility)
        self.damageTypeEdit.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Attack damage type", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.damageTypeEdit.setToolTip(QCoreApplication.translate("TemplateDialog", u"The attack's damage type, as the game names it", None))
#endif // QT_CONFIG(tooltip)
        self.missingLabel.setText("")
#if QT_CONFIG(accessibility)
        self.missingLabel.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Still to fill in", None))
#endif // QT_CONFIG(accessibility)
        self.copiesLabel.setText("")
#if QT_CONFIG(accessibility)
        self.copiesLabel.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"What editing changes", None))
#endif // QT_CONFIG(accessibility)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("TemplateDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

